import type { ComponentChildren } from 'preact';
import { followLink } from '../router';

export function Link(props: { href: string; children: ComponentChildren; current?: boolean; class?: string }) {
  return (
    <a
      href={props.href}
      class={props.class}
      aria-current={props.current ? 'page' : undefined}
      onClick={(e) => followLink(e, props.href)}
    >
      {props.children}
    </a>
  );
}
