import { createRoot } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';

type ContainerWithRoot = (Element | DocumentFragment) & { _reactRoot?: ReturnType<typeof createRoot> };

/**
 * antd-mobile 5 renders Toast/Dialog/ActionSheet imperatively with React 18's legacy API; on React 19
 * it must be given a createRoot-based renderer. Called once by the app (`main.tsx`) and the tests.
 */
export function installAntdRender(): void {
  unstableSetRender((node, container) => {
    const c = container as ContainerWithRoot;
    c._reactRoot ??= createRoot(c);
    const root = c._reactRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete c._reactRoot;
    };
  });
}
