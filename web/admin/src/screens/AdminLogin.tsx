import { API } from '@elts/contracts';
import { useNavigate } from '@elts/router';
import { ApiError, BrandLogo, Button, Card, callOperation, TextInput } from '@elts/ui';
import { type FormEvent, useState } from 'react';
import { storeAdminToken } from '../session/admin-token.js';

/** `/admin/login`: username and password; the token goes to session storage and the Users page opens. */
export function AdminLogin() {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const answer = await callOperation(API.adminLogin, { body: { username: username.trim(), password } });
      if (!answer.token) throw new ApiError(answer.message || 'Login failed', 200);
      storeAdminToken(answer.token);
      navigate('/admin/users', { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message || 'Login failed' : 'An error occurred during login');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className="grid min-h-dvh place-items-center bg-brand-950 px-4 py-12">
      <Card className="w-full max-w-md">
        <BrandLogo className="text-ink-950" />
        <h1 className="mt-6 font-display text-3xl font-extrabold text-ink-950">Admin Login</h1>
        <form className="mt-6 flex flex-col gap-4" onSubmit={submit}>
          <TextInput
            label="Username"
            name="username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <TextInput
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error && (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {error}
            </p>
          )}
          <Button type="submit" busy={busy} className="mt-2">
            Login
          </Button>
        </form>
      </Card>
    </main>
  );
}
