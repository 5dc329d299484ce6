// iOS Safari shows a pressed element's :active style only under a touchstart listener (Safari Web Content
// Guide, "Handling Events"). The app listens on its elements themselves, so one listener on the document,
// doing nothing, gives every button and link its pressed state (components/button.css). Both entries
// install it: the consumer app (main.tsx) and the operators' console (console/console-main.tsx).
export function showPressedStatesOnTouch(): void {
  document.addEventListener('touchstart', () => {}, { passive: true });
}
