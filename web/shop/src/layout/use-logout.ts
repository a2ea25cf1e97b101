import { API } from '@elts/contracts';
import { useNavigate } from '@elts/router';
import { callOperation, forgetMemberSession, readMemberSession } from '@elts/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * Logout: the server revokes the session at once (`POST /user/logout`), the tab forgets the token, email and name
 * and the order being paid (a later sign-in here must not be shown it), the cached member data goes, and the member
 * is taken home. A failed call (a session that had already expired) still logs the tab out.
 */
export function useLogout(): { logout: () => Promise<void>; loggingOut: boolean } {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = async () => {
    setLoggingOut(true);
    try {
      await callOperation(API.memberLogout, {}, { token: readMemberSession().token });
    } catch (error) {
      console.warn('Logout call failed; the tab is logged out anyway', error);
    }
    forgetMemberSession();
    client.clear();
    setLoggingOut(false);
    navigate('/', { replace: true });
  };
  return { logout, loggingOut };
}
