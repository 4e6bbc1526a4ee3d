// A table of rows: the way every list is shown, and every chart's data for screen readers.
import type { ComponentChildren } from 'preact';

export interface Column<T> {
  label: string;
  cell: (row: T) => ComponentChildren;
  numeric?: boolean;
}

export function DataTable<T>(props: { caption: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T, i: number) => string; empty?: string; class?: string }) {
  if (props.rows.length === 0) return <p class="empty">{props.empty ?? `No ${props.caption.toLowerCase()} yet.`}</p>;
  return (
    <div class={props.class ?? 'table-wrap'}>
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th scope="col" class={c.numeric ? 'num' : undefined} key={c.label}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, i) => (
            <tr key={props.rowKey(row, i)}>
              {props.columns.map((c) => (
                <td class={c.numeric ? 'num' : undefined} key={c.label}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
