import { createRoot, type Root } from 'react-dom/client';
import type { ReactElement } from 'react';

type ContainerWithRoot = (Element | DocumentFragment) & { _reactRoot?: Root };

/**
 * Stands in for `rc-util/lib/React/render` (see vite.config.ts): antd-mobile's default renderer
 * for Toast/Dialog/ActionSheet, which the app replaces at start-up anyway (`installAntdRender`).
 * The original carries a legacy-React fallback and Babel's async runtime into the entry chunk;
 * on React 19 only its createRoot path can run, which is all this keeps.
 */
export function render(node: ReactElement, container: Element | DocumentFragment): void {
  const c = container as ContainerWithRoot;
  c._reactRoot ??= createRoot(c);
  c._reactRoot.render(node);
}

export async function unmount(container: Element | DocumentFragment): Promise<void> {
  const c = container as ContainerWithRoot;
  await Promise.resolve();
  c._reactRoot?.unmount();
  delete c._reactRoot;
}
