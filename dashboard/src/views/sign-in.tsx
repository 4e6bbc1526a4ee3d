// The sign-in page: a user name for the local issuer (embedded engine), or a button that goes to
// the identity provider (OIDC Authorization Code + PKCE).
import { useState } from 'preact/hooks';
import { signInLocally, signInMethod, startOidcSignIn, type Session } from '../auth';
import { Async, ErrorMessage } from '../components/status';
import { useApi } from '../use-api';

export function SignIn({ onSignedIn, notice }: { onSignedIn: (s: Session) => void; notice?: string }) {
  const [method] = useApi(signInMethod, []);
  return (
    <main id="main" class="sign-in">
      <h1>Sign in to Storefront</h1>
      {notice ? <p role="status">{notice}</p> : null}
      <Async state={method} what="the sign-in">
        {(m) =>
          m.method === 'local' ? (
            <LocalSignIn onSignedIn={onSignedIn} />
          ) : m.method === 'oidc' ? (
            <OidcSignIn settings={m} />
          ) : (
            <p>No sign-in is configured on this server: configure an identity provider (IDP_ISSUER) or turn the local issuer on (LOCAL_IDP=1).</p>
          )
        }
      </Async>
    </main>
  );
}

function LocalSignIn({ onSignedIn }: { onSignedIn: (s: Session) => void }) {
  const [user, setUser] = useState('');
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);
  const submit = (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    signInLocally(user.trim())
      .then(onSignedIn, setError)
      .finally(() => setBusy(false));
  };
  return (
    <form onSubmit={submit} class="card">
      <p>This server signs you in with its local issuer (the embedded setup): enter your user name. The demo site’s owner is <code>demo</code>.</p>
      <label>
        User name <input name="user" autoComplete="username" value={user} onInput={(e) => setUser(e.currentTarget.value)} required maxLength={200} />
      </label>
      {error ? <ErrorMessage error={error} /> : null}
      <button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}

function OidcSignIn({ settings }: { settings: { issuer: string; client_id: string; scope: string } }) {
  const [error, setError] = useState<Error>();
  const go = () => {
    setError(undefined);
    const here = location.pathname.startsWith('/app/callback') ? '/app' : location.pathname + location.search;
    startOidcSignIn(settings, here).catch((e: unknown) => setError(e instanceof Error ? e : new Error(String(e))));
  };
  return (
    <div class="card">
      <p>
        Sign in with your organisation’s identity provider (<code>{new URL(settings.issuer).host}</code>).
      </p>
      {error ? <ErrorMessage error={error} /> : null}
      <button type="button" onClick={go}>
        Sign in with the identity provider
      </button>
    </div>
  );
}
