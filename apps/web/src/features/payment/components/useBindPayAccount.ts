import { showSuccess } from '../../../lib/feedback';
import { useGoBack } from '../../../lib/navigation';
import type { Checked } from '../../../lib/validation';
import { useSetPayInfo, type PayType, type SetPayInfoInput } from '../api/payment';
import { useFieldProblem } from '../../../components/useFieldProblem';

/**
 * The payout forms' submit (spec §2.9): the fields as the shared schema judged them — the first
 * problem is toasted and its field marked — then the account is bound; on success the server's
 * message and back to the account list. A tap while a save is under way does nothing.
 */
export function useBindPayAccount(type: PayType) {
  const goBack = useGoBack(`/bankCardManage?type=${type}`);
  const save = useSetPayInfo();
  const problem = useFieldProblem();

  const bind = (checked: Checked<Omit<SetPayInfoInput, 'type'>>) => {
    if (save.isPending) return;
    if (!checked.ok) return problem.report(checked.message, checked.field);
    problem.clear();
    save.mutate(
      { type, ...checked.value },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg);
          goBack();
        },
        onError: problem.fail,
      },
    );
  };

  return { bind, pending: save.isPending, problem };
}
