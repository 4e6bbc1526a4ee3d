// What a view shows while it loads and when the API refuses: the API's own message (never a blank
// page), with its code and the fields it names.
import type { ComponentChildren } from 'preact';
import { ApiError } from '../api/client';
import type { Loaded } from '../use-api';

export function Loading({ what }: { what: string }) {
  return <p role="status" class="loading">Loading {what}…</p>;
}

export function ErrorMessage({ error }: { error: Error }) {
  const api = error instanceof ApiError ? error : undefined;
  return (
    <div role="alert" class="error">
      <p>
        <strong>{api && api.status ? `Error ${api.status}` : 'Error'}:</strong> {error.message}
        {api && api.code !== 'http_error' && api.code !== 'network' ? <> (<code>{api.code}</code>)</> : null}
      </p>
      {api && api.details.length > 0 ? (
        <ul>
          {api.details.map((d) => (
            <li key={d.path}>
              <code>{d.path || '/'}</code>: {d.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Renders `children(data)` once loaded; the loading text and the error otherwise. */
export function Async<T>(props: { state: Loaded<T>; what: string; children: (data: T) => ComponentChildren }) {
  const { state } = props;
  if (state.status === 'loading') return <Loading what={props.what} />;
  if (state.status === 'error') return <ErrorMessage error={state.error} />;
  return <>{props.children(state.data)}</>;
}
