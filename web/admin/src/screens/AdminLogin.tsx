import { BrandLogo, Card } from '@elts/ui';

/** `/admin/login` as it stands today. */
export function AdminLogin() {
  return (
    <main id="main" className="grid min-h-dvh place-items-center bg-brand-950 px-4 py-12">
      <Card className="w-full max-w-md">
        <BrandLogo className="text-ink-950" />
        <h1 className="mt-6 font-display text-3xl font-extrabold text-ink-950">Admin login</h1>
        <p className="mt-3 text-ink-700">
          Administrators will sign in here with their username and password. Back-office accounts open with the back office itself.
        </p>
      </Card>
    </main>
  );
}
