// What React DOM does for this app's pages that Preact's compat layer does not (docs/architecture.md
// "React's API on Preact"), installed once by each entry (main.tsx, console/console-main.tsx), by the
// build-time prerender (prerender.tsx) and by the unit tests (test/setup.ts):
//  - A controlled field shows what was rendered, not what was typed. A page that refuses a keystroke
//    (a letter in a code field, a twelfth digit of a phone number) keeps its state, so nothing renders;
//    React then puts the rendered value back into the field, Preact left the character on screen while
//    the form held and sent something else. After each input or change event the page handles, once the
//    renders it caused are done, a field whose value or tick differs from its last render gets it back.
//  - `spellCheck={false}` reaches the element (React writes `spellcheck="false"`; Preact's DOM code and its
//    string renderer drop the camelCase name), so codes are not underlined or "corrected" by the keyboard.
import { options, type VNode } from 'preact';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** What a field's last render set: its value and tick, undefined where the page leaves them to the field. */
type Rendered = { value: string | undefined; checked: boolean | undefined };

const CONTROLS = new Set(['input', 'textarea', 'select']);
/** The last rendered value and tick of each field (both undefined for a field the page leaves alone). */
const rendered = new WeakMap<Element, Rendered>();

function renderedState(props: Record<string, unknown>): Rendered {
  return {
    value: props.value === undefined || props.value === null ? undefined : String(props.value),
    checked: typeof props.checked === 'boolean' ? props.checked : undefined,
  };
}

/** A field whose value or tick the page renders (React's "controlled"). */
function isControlled(props: Record<string, unknown>): boolean {
  const state = renderedState(props);
  return state.value !== undefined || state.checked !== undefined;
}

function putBackRendered(control: Control): void {
  const state = rendered.get(control);
  if (state?.value !== undefined && control.value !== state.value) control.value = state.value;
  if (state?.checked !== undefined && control instanceof HTMLInputElement && control.checked !== state.checked) control.checked = state.checked;
}

/** The page's input or change handler, then (after the renders it scheduled, a microtask each) the rendered state. */
function restoringAfter(handler: (event: Event) => unknown): (event: Event) => unknown {
  return function (this: unknown, event: Event) {
    const result = handler.call(this, event);
    const control = event.currentTarget as Control | null;
    if (control) queueMicrotask(() => putBackRendered(control));
    return result;
  };
}

let installed = false;

export function matchReactDom(): void {
  if (installed) return;
  installed = true;
  const previousVNode = options.vnode;
  // Runs after the compat layer's own hook, whichever was installed first: it normalises the props
  // (onChange of a text field becomes oninput) before it calls an older hook, and this calls it first.
  options.vnode = (vnode: VNode) => {
    previousVNode?.(vnode);
    if (typeof vnode.type !== 'string') return;
    const props = vnode.props as Record<string, unknown>;
    if ('spellCheck' in props) {
      props.spellcheck = props.spellCheck;
      delete props.spellCheck;
    }
    if (!CONTROLS.has(vnode.type) || !isControlled(props)) return;
    for (const name of Object.keys(props)) {
      const handler = props[name];
      const event = name.toLowerCase();
      if (typeof handler === 'function' && (event === 'oninput' || event === 'onchange')) props[name] = restoringAfter(handler as (event: Event) => unknown);
    }
  };
  // The element of each rendered vnode is Preact's `__e` (a stable mangled name, read by preact/debug too).
  const previousDiffed = options.diffed;
  options.diffed = (vnode: VNode) => {
    previousDiffed?.(vnode);
    const element = (vnode as VNode & { __e?: Element | null }).__e;
    if (typeof vnode.type !== 'string' || !element) return;
    const props = vnode.props as Record<string, unknown>;
    // As an attribute, "true" or "false", wherever the element lacks the property Preact would set.
    if (typeof props.spellcheck === 'boolean') element.setAttribute('spellcheck', String(props.spellcheck));
    if (CONTROLS.has(vnode.type)) rendered.set(element, renderedState(props));
  };
}
