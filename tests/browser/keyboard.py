"""A keyboard-only player for the browser tests: it reaches a control with Tab (and the arrow
keys once the focus is in the grid holding it), presses Enter, waits for the page's answer and
counts every key, and it notes each time the focus fell to the page's body after a swap."""

from __future__ import annotations

from typing import Any

MAX_TABS = 250  # more than any page has stops: a control never reached fails the test

WATCH = """() => {
  if (window.__kb) return;
  window.__kb = {settled: 0, lost: [], moved: [], before: null, started: false, urgent: []};
  const now = document.getElementById('say-now');
  if (now) new MutationObserver(() => { if (now.textContent) window.__kb.urgent.push(
    now.textContent); }).observe(now, {childList: true, characterData: true, subtree: true});
  const isPoll = (el) => !!(el && el.hasAttribute && (el.hasAttribute('data-push') ||
      el.hasAttribute('data-push-frame') || el.matches('.poll, .poller')));
  const name = (a) => !a || a === document.body ? 'body' : (a.id ? '#' + a.id :
      a.getAttribute('data-cell') || (a.textContent || '').trim().slice(0, 40));
  document.addEventListener('htmx:beforeSwap', (e) => {
    window.__kb.before = isPoll(e.detail.elt) ? name(document.activeElement) : null;
  });
  document.addEventListener('htmx:afterSettle', (e) => {
    const poll = isPoll(e.detail.elt);
    if (!poll) window.__kb.settled++;
    const now = name(document.activeElement);
    const path = e.detail.pathInfo ? e.detail.pathInfo.requestPath : '';
    if (!window.__kb.started) return;  // before the first key: nothing was focused yet
    if (now === 'body') window.__kb.lost.push((poll ? 'poll ' : 'action ') + path);
    else if (poll && window.__kb.before !== null && window.__kb.before !== now)
      window.__kb.moved.push(window.__kb.before + ' -> ' + now);
  });
}"""

WHERE = """([target]) => {
  const a = document.activeElement;
  if (a === target) return {done: true};
  const grid = target.closest('table');
  const inGrid = grid && grid.getAttribute('role') === 'grid' && grid.contains(a);
  if (!a || !inGrid) return {done: false};
  const at = (el) => [el.closest('tr').rowIndex, el.closest('td').cellIndex];
  const [r0, c0] = at(a), [r1, c1] = at(target);
  return {done: false, rows: r1 - r0, cols: c1 - c0};
}"""


class Keyboard:
    """One page played with the keyboard only; `presses` counts the keys, by phase."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.presses = 0
        self.by_step: list[tuple[str, int]] = []

    def watch(self) -> None:
        """Listen to the page's swaps (again after each full load), once htmx runs: it comes
        after the page's load event (static/htmx-loader.js), and an Enter pressed before it
        submits the form the plain way, a new page without this listener (a loaded machine's
        run failed so: `window.__kb` undefined while waiting for the swap)."""
        self.page.wait_for_function("() => window.htmx !== undefined")
        self.page.evaluate(WATCH)

    def press(self, key: str) -> None:
        if not self.presses:
            self.page.evaluate("() => { window.__kb.started = true; }")
        self.page.keyboard.press(key)
        self.presses += 1

    def reach(self, target: Any) -> int:
        """Move the focus to `target` (an element handle): arrow keys inside its grid, else
        Tab; returns the keys pressed."""
        before = self.presses
        for _ in range(MAX_TABS):
            where = self.page.evaluate(WHERE, [target])
            if where["done"]:
                return self.presses - before
            if "rows" in where:
                rows, cols = where["rows"], where["cols"]
                for _ in range(abs(rows)):
                    self.press("ArrowDown" if rows > 0 else "ArrowUp")
                for _ in range(abs(cols)):
                    self.press("ArrowRight" if cols > 0 else "ArrowLeft")
                continue
            self.press("Tab")
        raise AssertionError(f"the control was not reached in {MAX_TABS} Tabs: "
                             f"{self.page.evaluate('(t) => t.outerHTML', target)[:200]}")

    def act(self, step: str, target: Any) -> None:
        """Reach `target`, press Enter and wait for the page's answer to be settled."""
        before = self.presses
        settled = self.page.evaluate("() => window.__kb.settled")
        self.reach(target)
        self.press("Enter")
        self.page.wait_for_function("(n) => window.__kb.settled > n", arg=settled)
        self.by_step.append((step, self.presses - before))

    def lost(self) -> list[str]:
        """The swaps after which the focus was on the page's body."""
        return list(self.page.evaluate("() => window.__kb.lost"))

    def urgent(self) -> list[str]:
        """What the assertive live region was given, in order."""
        return list(self.page.evaluate("() => window.__kb.urgent"))

    def focused(self) -> str:
        """The focused element, for messages."""
        return str(self.page.evaluate(
            "() => { const a = document.activeElement; return a === document.body ? 'body' :"
            " a.outerHTML.slice(0, 160); }"))
