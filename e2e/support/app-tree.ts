// What the web app's renderer holds for the page's elements, read in the page. The app runs on Preact
// (docs/architecture.md "React's API on Preact"), which keeps its tree on #root: the root's
// vnode under `__k` (children), each element vnode's DOM node under `__e`, its props under `props`.
// These are Preact's stable mangled names (its mangle.json; preact/debug and devtools read them too).
// A self-contained function, passed to page.evaluate as it is.

interface VNode {
  type: unknown;
  props: Record<string, unknown>;
  __e?: Node | null;
  __k?: (VNode | null)[] | null;
}

/** The props the app last rendered for each element matching `selector` in #root; undefined before the app took it over. */
export function renderedPropsOf(selector: string): (Record<string, unknown> | undefined)[] {
  const root = document.getElementById('root') as (HTMLElement & { __k?: VNode }) | null;
  const props = new Map<Node, Record<string, unknown>>();
  const stack: (VNode | null | undefined)[] = [root?.__k];
  while (stack.length > 0) {
    const vnode = stack.pop();
    if (!vnode) continue;
    if (typeof vnode.type === 'string' && vnode.__e) props.set(vnode.__e, vnode.props);
    stack.push(...(vnode.__k ?? []));
  }
  return Array.from(document.querySelectorAll(selector)).map((element) => props.get(element));
}
