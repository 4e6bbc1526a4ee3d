// Members of the site, and adding one or changing a role (owners).
import { useState } from 'preact/hooks';
import { api, call, callPage } from '../api/client';
import { DataTable } from '../components/data-table';
import { More } from '../components/more';
import { Async, ErrorMessage } from '../components/status';
import { formatDate } from '../format';
import { usePaged } from '../use-api';

export function Members({ siteId }: { siteId: string }) {
  const list = usePaged(
    (cursor) => callPage(api.GET('/api/v1/sites/{siteId}/members', { params: { path: { siteId }, query: { limit: 100, ...(cursor ? { cursor } : {}) } } })),
    [siteId],
  );
  const [user, setUser] = useState('');
  const [role, setRole] = useState<'member' | 'owner'>('member');
  const [error, setError] = useState<Error>();
  const [done, setDone] = useState<string>();
  const submit = (e: Event) => {
    e.preventDefault();
    setError(undefined);
    setDone(undefined);
    call(api.POST('/api/v1/sites/{siteId}/members', { params: { path: { siteId } }, body: { user: user.trim(), role } })).then((m) => {
      setDone(`${m.user} is now ${m.role === 'owner' ? 'an owner' : 'a member'}.`);
      setUser('');
      list.reload();
    }, setError);
  };
  return (
    <>
      <h1>Members</h1>
      <Async state={list.state} what="the members">
        {(rows) => (
          <DataTable
            caption="Members"
            rows={rows}
            rowKey={(m) => m.user}
            columns={[
              { label: 'User', cell: (m) => m.user },
              { label: 'Role', cell: (m) => m.role },
              { label: 'Since', cell: (m) => formatDate(m.created_at) },
            ]}
          />
        )}
      </Async>
      <More list={list} what="members" />
      <form onSubmit={submit} class="card">
        <h2>Add a member</h2>
        <label>
          User <input value={user} onInput={(e) => setUser(e.currentTarget.value)} required maxLength={200} />
        </label>
        <div>
          <label for="member-role">Role</label>{' '}
          <select id="member-role" value={role} onChange={(e) => setRole(e.currentTarget.value === 'owner' ? 'owner' : 'member')}>
            <option value="member">member</option>
            <option value="owner">owner</option>
          </select>
        </div>
        {error ? <ErrorMessage error={error} /> : null}
        {done ? <p role="status">{done}</p> : null}
        <button type="submit">Add</button>
      </form>
    </>
  );
}
