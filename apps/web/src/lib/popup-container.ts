/**
 * Where the popup of a header button (its menu) is drawn: inside the header. The app's header is
 * sticky; a popup drawn in the body scrolled with the page while its button stayed put, and was
 * put back under the button only after the scroll event — a press that came in between went
 * down on the menu and up on whatever had moved under the pointer, and was lost (the e2e
 * login.spec's logout, when Playwright scrolled the page to reach the menu item). Inside the
 * header the popup stays with its button.
 */
export function popupInHeader(trigger: HTMLElement): HTMLElement {
  return trigger.closest('header') ?? document.body;
}
