import { type AlertPreferences, API } from '@elts/contracts';
import { callOperation, readMemberSession } from '@elts/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const PREFERENCES_KEY = ['alert-preferences'] as const;
const INBOX_KEY = ['alert-inbox'] as const;

/** The member's drop alert choices (`GET /user/alert-preferences`). */
export function useAlertPreferences() {
  const { token } = readMemberSession();
  return useQuery({
    queryKey: PREFERENCES_KEY,
    enabled: Boolean(token),
    queryFn: async ({ signal }) => (await callOperation(API.getAlertPreferences, {}, { token, signal })).data,
  });
}

/** Saves them all at once (`PUT /user/alert-preferences`); the answer is what the server kept. */
export function useSaveAlertPreferences() {
  const { token } = readMemberSession();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: AlertPreferences) =>
      (await callOperation(API.updateAlertPreferences, { body: preferences }, { token })).data,
    onSuccess: (saved) => client.setQueryData(PREFERENCES_KEY, saved),
  });
}

/** The member's in-app messages about drops, newest first (`GET /user/alert-inbox`). */
export function useAlertInbox() {
  const { token } = readMemberSession();
  return useQuery({
    queryKey: INBOX_KEY,
    enabled: Boolean(token),
    queryFn: async ({ signal }) => (await callOperation(API.alertInbox, {}, { token, signal })).data,
  });
}

/** Which channels are offered here, and whether WhatsApp can reach the member (`GET /user/alert-channels`). */
export function useAlertChannels() {
  const { token } = readMemberSession();
  return useQuery({
    queryKey: ['alert-channels'],
    enabled: Boolean(token),
    queryFn: async ({ signal }) => (await callOperation(API.alertChannels, {}, { token, signal })).data,
  });
}
