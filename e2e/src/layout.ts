import type { Page } from 'playwright-core';

/**
 * What makes the page wider than the window (a phone would scroll sideways): empty when it fits. Each entry names
 * an element that reaches past the window's right edge and is not inside something that scrolls or clips sideways
 * on purpose (a tab strip), so a failure says where to look.
 */
export function widerThanWindow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}` : ''}`;
    const offenders = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > width + 1 && !clipped(element))
      .slice(0, 5)
      .map((element) => `${name(element)} reaches ${Math.round(element.getBoundingClientRect().right)}px`);
    return [`the page is ${document.documentElement.scrollWidth}px wide in a ${width}px window`, ...offenders];
  });
}
