/** Layout checks the screen specs share: tap targets and sideways scrolling. */
import type { Page } from '@playwright/test';

/** Visible tappable things smaller than 44×44 CSS px, and whether the page scrolls sideways. */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const selector = 'button, a[href], [role=button], [role=radio], [role=tab], .adm-tabs-tab, .adm-capsule-tabs-tab, .adm-checkbox';
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const b = el.getBoundingClientRect();
      if (b.width === 0 || b.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      // Half a pixel of tolerance: layout rounding (a feed row entering) can leave a 44 px target at 43.8.
      if (b.width < 43.5 || b.height < 43.5) {
        const name = (el.getAttribute('aria-label') || el.textContent || el.className).trim().slice(0, 24);
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(b.width)}×${Math.round(b.height)}`);
      }
    }
    if (document.documentElement.scrollWidth > innerWidth) out.push(`page ${document.documentElement.scrollWidth} px wide`);
    return out;
  });
}
