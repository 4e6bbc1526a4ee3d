// The dashboard: sign-in, then the signed-in user's sites, a site picker, the areas as links in a
// <nav>, and the current view in <main> (one <h1> each). Each view has its URL (router.ts).
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, call, useIdToken } from './api/client';
import { finishOidcSignIn, loadSession, saveSession, signInMethod, type Session } from './auth';
import { Link } from './components/link';
import { Async, ErrorMessage, Loading } from './components/status';
import { navigate, parseRoute, sitePath, useLocation, VIEWS, type Route, type View } from './router';
import { useApi } from './use-api';
import { ApiKeys } from './views/keys';
import { Campaigns } from './views/campaigns';
import { Catalog } from './views/catalog';
import { Experiments } from './views/experiments';
import { Integrations } from './views/integrations';
import { Members } from './views/members';
import { Overview } from './views/overview';
import { Publisher } from './views/publisher';
import { SignIn } from './views/sign-in';
import type { SiteInfo } from './views/site-info';
import { Workflows } from './views/workflows';

export function App() {
  const [session, setSession] = useState<Session | undefined>(loadSession);
  const [notice, setNotice] = useState<string>();
  const path = useLocation();
  const route = parseRoute(location.pathname);
  const signIn = (s: Session | undefined, message?: string) => {
    saveSession(s);
    setNotice(message);
    setSession(s);
  };
  useIdToken(session?.idToken, () => signIn(undefined, 'Your sign-in has expired or was refused: sign in again.'));
  if (route.name === 'callback') return <Callback onSignedIn={(s) => signIn(s)} />;
  if (!session) return <SignIn onSignedIn={(s) => signIn(s)} notice={notice} />;
  return <SignedIn key={session.user} session={session} route={route} path={path} onSignOut={() => signIn(undefined, 'You have signed out.')} />;
}

function Callback({ onSignedIn }: { onSignedIn: (s: Session) => void }) {
  const [error, setError] = useState<Error>();
  useEffect(() => {
    signInMethod()
      .then((m) => {
        if (m.method !== 'oidc') throw new Error('This server does not sign in with an identity provider');
        return finishOidcSignIn(m);
      })
      .then(({ session, returnTo }) => {
        navigate(returnTo, { replace: true });
        onSignedIn(session);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e : new Error(String(e))));
  }, []);
  return (
    <main id="main">
      <h1>Signing in</h1>
      {error ? (
        <>
          <ErrorMessage error={error} />
          <p>
            <a href="/app">Back to the sign-in</a>
          </p>
        </>
      ) : (
        <Loading what="your session" />
      )}
    </main>
  );
}

function SignedIn({ session, route, path, onSignOut }: { session: Session; route: Route; path: string; onSignOut: () => void }) {
  const [sites] = useApi(() => call(api.GET('/api/v1/sites', { params: { query: { limit: 200 } } })), []);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  // After a navigation to another page, focus goes to the new view (screen readers announce it; Tab
  // goes on from there). A change of a view's settings (its query) leaves focus on the control used.
  const pathname = path.split('?')[0];
  useEffect(() => {
    if (first.current) first.current = false;
    else main.current?.focus();
  }, [pathname]);
  const siteId = route.name === 'site' ? route.siteId : undefined;
  const current = sites.status === 'ok' ? sites.data.find((s) => s.site_id === siteId) : undefined;
  useEffect(() => {
    if (route.name === 'home' && sites.status === 'ok' && sites.data[0]) navigate(sitePath(sites.data[0].site_id), { replace: true });
  }, [route.name, sites.status]);
  const view = route.name === 'site' ? route.view : undefined;
  useEffect(() => {
    const label = VIEWS.find(([v]) => v === view)?.[1];
    document.title = [label, current?.name, 'Storefront'].filter(Boolean).join(' · ');
  }, [view, current?.name]);
  return (
    <>
      <a class="skip" href="#main">
        Skip to the content
      </a>
      <header class="top">
        <p class="brand">Storefront</p>
        {sites.status === 'ok' && sites.data.length > 0 ? <SitePicker sites={sites.data} current={siteId} view={view} /> : null}
        <p class="user">
          Signed in as <strong>{session.user}</strong>{' '}
          <button type="button" class="link" onClick={onSignOut}>
            Sign out
          </button>
        </p>
      </header>
      {siteId ? (
        <nav aria-label="Areas of the site">
          <ul>
            {VIEWS.map(([v, label]) => (
              <li key={v}>
                <Link href={sitePath(siteId, v)} current={v === view}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <main id="main" ref={main} tabIndex={-1}>
        <Async state={sites} what="your sites">
          {(list) => <Page route={route} sites={list} current={current} />}
        </Async>
      </main>
    </>
  );
}

function SitePicker({ sites, current, view }: { sites: SiteInfo[]; current: string | undefined; view: View | undefined }) {
  return (
    <div class="picker">
      <label for="site-picker">Site</label>{' '}
      <select id="site-picker" value={current ?? ''} onChange={(e) => navigate(sitePath(e.currentTarget.value, view ?? 'overview') + location.search)}>
        {current && !sites.some((s) => s.site_id === current) ? <option value={current}>{current}</option> : null}
        {current ? null : <option value="">Choose a site</option>}
        {sites.map((s) => (
          <option value={s.site_id} key={s.site_id}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function Page({ route, sites, current }: { route: Route; sites: SiteInfo[]; current: SiteInfo | undefined }) {
  if (route.name === 'home') {
    return sites.length === 0 ? (
      <>
        <h1>No sites yet</h1>
        <p>You are not a member of any site. An owner can add you on their site’s Members page, or create a site with the API (POST /api/v1/sites).</p>
      </>
    ) : (
      <Loading what="your first site" />
    );
  }
  if (route.name !== 'site') {
    return (
      <>
        <h1>Page not found</h1>
        <p>
          There is no page at <code>{location.pathname}</code>. <Link href="/app">Go to the dashboard</Link>.
        </p>
      </>
    );
  }
  if (!current) return <OtherSite siteId={route.siteId} view={route.view} id={route.id} />;
  return <SiteView site={current} view={route.view} id={route.id} />;
}

/** A site that is not in the user's list: the API says why (not a member, or no such site). */
function OtherSite({ siteId, view, id }: { siteId: string; view: View; id: string | undefined }) {
  const [site] = useApi(() => call(api.GET('/api/v1/sites/{siteId}', { params: { path: { siteId } } })), [siteId]);
  if (site.status === 'ok') return <SiteView site={site.data} view={view} id={id} />;
  return (
    <>
      <h1>Site {siteId}</h1>
      <Async state={site} what="the site">
        {() => null}
      </Async>
    </>
  );
}

function SiteView({ site, view, id }: { site: SiteInfo; view: View; id: string | undefined }) {
  const siteId = site.site_id;
  switch (view) {
    case 'overview':
      return <Overview siteId={siteId} />;
    case 'experiments':
      return <Experiments siteId={siteId} id={id} />;
    case 'publisher':
      return <Publisher site={site} />;
    case 'campaigns':
      return <Campaigns siteId={siteId} />;
    case 'catalog':
      return <Catalog siteId={siteId} />;
    case 'workflows':
      return <Workflows siteId={siteId} id={id} />;
    case 'integrations':
      return <Integrations siteId={siteId} id={id} />;
    case 'keys':
      return <ApiKeys siteId={siteId} />;
    case 'members':
      return <Members siteId={siteId} />;
  }
}
