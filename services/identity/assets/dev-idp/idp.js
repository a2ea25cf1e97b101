// The development sign-in page. In a popup it hands the ID token to the window that opened it (as Google's
// library hands its credential to the page); opened as a page, it returns to `return_to` with the token in the
// fragment, which never reaches a server.
(() => {
  const form = document.getElementById('sign-in');
  const error = document.getElementById('error');
  const params = new URLSearchParams(location.search);
  const returnTo = params.get('return_to');
  const safeReturn = returnTo?.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/';
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.textContent = '';
    const body = { email: form.email.value, name: form.name.value };
    try {
      const response = await fetch('/dev/idp/id-token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(answer.message || 'Sign-in failed');
      if (window.opener && !window.opener.closed) {
        window.opener.postMessage({ type: 'elts:id-token', idToken: answer.id_token }, location.origin);
        window.close();
      } else {
        location.assign(`${safeReturn}#id_token=${encodeURIComponent(answer.id_token)}`);
      }
    } catch (e) {
      error.textContent = e instanceof Error ? e.message : 'Sign-in failed';
    }
  });
})();
