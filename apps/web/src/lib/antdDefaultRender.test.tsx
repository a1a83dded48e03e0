import { act } from 'react';
import { describe, expect, it } from 'vitest';
// antd-mobile's own module, as its Toast/Dialog reach it: vite.config.ts points its rc-util import at the stand-in.
import { render, unmount } from 'antd-mobile/es/utils/render';
import * as standIn from './antdDefaultRender';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("antd-mobile's default imperative renderer (rc-util's, replaced by a createRoot-only stand-in)", () => {
  it('is the stand-in, not rc-util', () => {
    expect(render).toBe(standIn.render);
    expect(unmount).toBe(standIn.unmount);
  });

  it('renders into a container and unmounts it again', async () => {
    const container = document.createElement('div');
    act(() => render(<p>toast</p>, container));
    expect(container.textContent).toBe('toast');
    act(() => render(<p>again</p>, container));
    expect(container.textContent).toBe('again');
    await act(() => unmount(container));
    expect(container.textContent).toBe('');
  });
});
