import { showError, showSuccess } from '../../../lib/feedback';
import { useGoBack } from '../../../lib/navigation';
import { useSetPayInfo, type SetPayInfoInput } from '../api/payment';

/**
 * Saving a checked payout account, the same for a bank card and a wallet: the server's success text
 * and back to the account list, or the refusal as an error.
 */
export function useSavePayAccount(backFallback: string) {
  const goBack = useGoBack(backFallback);
  const save = useSetPayInfo();
  const submit = (input: SetPayInfoInput) =>
    save.mutate(input, {
      onSuccess: (answer) => {
        showSuccess(answer.msg);
        goBack();
      },
      onError: showError,
    });
  return { submit, pending: save.isPending };
}
