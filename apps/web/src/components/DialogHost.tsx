import { useEffect, type CSSProperties } from 'react';
import { Dialog } from 'antd-mobile';
import { useLocation } from 'react-router';
import { layersOf, useBackCloses } from '../hooks/useBackCloses';
import { useDialogQueue } from './dialogQueue';

const LAYER = 'dialog';
/** Above an open sheet's body (antd-mobile's popups: 1000 + 10), below the toasts (1090): a dialog asked from a sheet shows over it. */
const ABOVE_SHEETS = { '--z-index': '1050' } as CSSProperties;

/** Records the answer of the dialog showing (the first); it closes, and is handed over by the effect below. */
function answerShowing(key: string) {
  useDialogQueue.setState((s) => {
    const [first, ...rest] = s.queue;
    return first && first.answered === undefined ? { queue: [{ ...first, answered: key }, ...rest] } : s;
  });
}

/**
 * Shows the dialogs of `dialogQueue.ts` one at a time. Opening one adds a history entry, so Back
 * closes it (answering its `backKey`) and stays on the screen. An answer is handed to the caller
 * only once that entry is gone, so that what the caller does next — often a navigation — comes
 * after it and is not undone by it.
 */
export function DialogHost() {
  const shown = useDialogQueue((s) => s.queue[0]);
  const location = useLocation();
  const marked = layersOf(location.state).includes(LAYER);
  const open = shown !== undefined && shown.answered === undefined;
  useBackCloses(open, () => shown && answerShowing(shown.backKey), LAYER);

  useEffect(() => {
    if (shown?.answered === undefined || marked) return;
    useDialogQueue.setState((s) => ({ queue: s.queue.slice(1) }));
    shown.resolve(shown.answered);
  }, [shown, marked]);

  return (
    <Dialog
      visible={open}
      style={ABOVE_SHEETS}
      title={shown?.title}
      content={shown?.content}
      actions={shown ? [shown.actions.map((a) => ({ key: a.key, text: a.text, bold: a.bold, danger: a.danger }))] : []}
      onAction={(action) => {
        shown?.actions.find((a) => a.key === action.key)?.onClick?.();
        answerShowing(String(action.key));
      }}
    />
  );
}
