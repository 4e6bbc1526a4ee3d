// Secret API keys of the site: the list, creating one (its secret shown once, here, and kept only
// in this component's state: never in storage, gone when the page changes) and revoking one.
import { useState } from 'preact/hooks';
import { api, call, callPage, type Paths } from '../api/client';
import { DataTable } from '../components/data-table';
import { More } from '../components/more';
import { Async, ErrorMessage } from '../components/status';
import { formatDate } from '../format';
import { usePaged } from '../use-api';

type CreateBody = NonNullable<Paths['/api/v1/sites/{siteId}/api-keys']['post']['requestBody']>['content']['application/json'];
type Scope = CreateBody['scopes'][number];

const SCOPES: { scope: Scope; label: string }[] = [
  { scope: 'events:write', label: 'Track events (events:write)' },
  { scope: 'partner_attribution:convert', label: 'Record conversions (partner_attribution:convert)' },
  { scope: 'publisher_reports:write', label: 'Import publisher reports (publisher_reports:write)' },
  { scope: 'catalog:write', label: 'Write the catalog (catalog:write)' },
];

export function ApiKeys({ siteId }: { siteId: string }) {
  const list = usePaged(
    (cursor) => callPage(api.GET('/api/v1/sites/{siteId}/api-keys', { params: { path: { siteId }, query: { limit: 50, ...(cursor ? { cursor } : {}) } } })),
    [siteId],
  );
  const [created, setCreated] = useState<{ keyId: string; secret: string }>();
  const [error, setError] = useState<Error>();
  const [confirming, setConfirming] = useState<string>();
  const revoke = (keyId: string) => {
    setError(undefined);
    setConfirming(undefined);
    call(api.DELETE('/api/v1/sites/{siteId}/api-keys/{keyId}', { params: { path: { siteId, keyId } } })).then(list.reload, setError);
  };
  return (
    <>
      <h1>API keys</h1>
      <CreateKey
        siteId={siteId}
        onCreated={(keyId, secret) => {
          setCreated({ keyId, secret });
          list.reload();
        }}
      />
      {created ? (
        <div class="secret" role="status">
          <p>
            <strong>Copy the secret of key {created.keyId} now:</strong> it is shown this once and cannot be read again.
          </p>
          <p>
            <code id="new-secret" class="secret-value">{created.secret}</code>
          </p>
          <button type="button" onClick={() => setCreated(undefined)}>
            I have stored it
          </button>
        </div>
      ) : null}
      {error ? <ErrorMessage error={error} /> : null}
      <h2>Keys</h2>
      <Async state={list.state} what="the keys">
        {(rows) => (
          <DataTable
            caption="API keys"
            rows={rows}
            rowKey={(k) => k.key_id}
            columns={[
              { label: 'Name', cell: (k) => k.name ?? '—' },
              { label: 'Key', cell: (k) => <code>{k.prefix}…</code> },
              { label: 'Scopes', cell: (k) => k.scopes.join(', ') },
              { label: 'Created', cell: (k) => formatDate(k.created_at) },
              { label: 'Expires', cell: (k) => formatDate(k.expires_at) },
              {
                label: 'Status',
                cell: (k) =>
                  k.revoked_at ? (
                    `revoked ${formatDate(k.revoked_at)}`
                  ) : confirming === k.key_id ? (
                    <>
                      <button type="button" class="danger" onClick={() => revoke(k.key_id)}>
                        Confirm: revoke {k.name ?? k.prefix}
                      </button>{' '}
                      <button type="button" onClick={() => setConfirming(undefined)}>
                        Cancel
                      </button>
                    </>
                  ) : (
                    <button type="button" onClick={() => setConfirming(k.key_id)}>
                      Revoke {k.name ?? k.prefix}
                    </button>
                  ),
              },
            ]}
          />
        )}
      </Async>
      <More list={list} what="keys" />
    </>
  );
}

function CreateKey({ siteId, onCreated }: { siteId: string; onCreated: (keyId: string, secret: string) => void }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['events:write']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const submit = (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    const body: CreateBody = { scopes, ...(name.trim() ? { name: name.trim() } : {}) };
    call(api.POST('/api/v1/sites/{siteId}/api-keys', { params: { path: { siteId } }, body }))
      .then((k) => {
        setName('');
        onCreated(k.key_id, k.api_key);
      }, setError)
      .finally(() => setBusy(false));
  };
  const toggle = (scope: Scope, on: boolean) => setScopes(on ? [...scopes, scope] : scopes.filter((s) => s !== scope));
  return (
    <form onSubmit={submit} class="card">
      <h2>Create a key</h2>
      <label>
        Name <input value={name} onInput={(e) => setName(e.currentTarget.value)} maxLength={200} />
      </label>
      <fieldset>
        <legend>Scopes</legend>
        {SCOPES.map(({ scope, label }) => (
          <label key={scope} class="check">
            <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.currentTarget.checked)} /> {label}
          </label>
        ))}
      </fieldset>
      {error ? <ErrorMessage error={error} /> : null}
      <button type="submit" disabled={busy}>
        {busy ? 'Creating…' : 'Create key'}
      </button>
    </form>
  );
}
