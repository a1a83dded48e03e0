import type { ReactNode } from 'react';
import { create } from 'zustand';

/**
 * The app's dialogs (confirmations, alerts, the reality check), asked for from anywhere — a click
 * handler, a mutation's callback — and shown one at a time by `DialogHost` in the app's frame, which
 * Back closes as it closes a sheet (hooks/useBackCloses.ts) instead of leaving the screen under it.
 * This module is tiny and zod- and antd-free: the frame imports it on the first screen, and loads the
 * host only once a dialog is asked for.
 */

export interface DialogAction {
  key: string;
  text: string;
  bold?: boolean;
  danger?: boolean;
  /** Runs in the tap itself, before the dialog closes (what needs the user's gesture: opening a tab). */
  onClick?: () => void;
}

export interface DialogRequest {
  title?: ReactNode;
  content: ReactNode;
  /** Side by side, in this order. */
  actions: DialogAction[];
  /** The answer when Back closes the dialog. */
  backKey: string;
}

export interface PendingDialog extends DialogRequest {
  /** Hands the answer to the caller. */
  resolve(key: string): void;
  /** The answer given, while the dialog closes (`DialogHost` hands it over once its history entry is gone). */
  answered?: string;
}

/** The dialogs asked for, the one showing first; `asked` once any was (the frame then mounts the host). */
export const useDialogQueue = create<{ queue: PendingDialog[]; asked: boolean }>(() => ({ queue: [], asked: false }));

/** Shows a dialog (after any already showing) and answers the key of the action chosen, or `backKey` on Back. */
export function askDialog(request: DialogRequest): Promise<string> {
  return new Promise((resolve) => useDialogQueue.setState((s) => ({ queue: [...s.queue, { ...request, resolve }], asked: true })));
}

/** "Cancel / confirm": true when confirmed; Back cancels. */
export async function confirmDialog(opts: {
  title?: ReactNode;
  content: ReactNode;
  confirmText: string;
  cancelText: string;
  danger?: boolean;
}): Promise<boolean> {
  const key = await askDialog({
    title: opts.title,
    content: opts.content,
    backKey: 'cancel',
    actions: [
      { key: 'cancel', text: opts.cancelText },
      { key: 'confirm', text: opts.confirmText, bold: true, danger: opts.danger },
    ],
  });
  return key === 'confirm';
}

/** A message with one button; Back closes it too. */
export async function alertDialog(opts: { title?: ReactNode; content: ReactNode; confirmText: string }): Promise<void> {
  await askDialog({ title: opts.title, content: opts.content, backKey: 'confirm', actions: [{ key: 'confirm', text: opts.confirmText }] });
}
