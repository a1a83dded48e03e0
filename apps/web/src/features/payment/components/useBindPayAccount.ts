import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SECURITY_CODE_RE } from '@lucky28/shared/schemas';
import { showNotice, showSuccess } from '../../../lib/feedback';
import { useGoBack } from '../../../lib/navigation';
import { apiMessage, type Checked } from '../../../lib/validation';
import { usePayInfo, usePaySafety, useSetPayInfo, type PayType, type SetPayInfoInput } from '../api/payment';
import { useFieldProblem } from '../../../components/useFieldProblem';

/**
 * The payout forms' submit (docs/product.md#account-screens): the fields as the shared schema judged them — the first
 * problem is toasted and its field marked — then the account is bound; on success the server's
 * message and back to the account list. A tap while a save is under way does nothing.
 *
 * An account of this type already bound is only replaced with the security code: the form then asks
 * for it, or — when none is set — sends the player to set one first.
 */
export function useBindPayAccount(type: PayType) {
  const goBack = useGoBack(`/bankCardManage?type=${type}`);
  const navigate = useNavigate();
  const save = useSetPayInfo();
  const problem = useFieldProblem();
  const replacing = Boolean(usePayInfo(type).data);
  const safety = usePaySafety();
  const needsCodeFirst = replacing && safety.data?.isTrue === false;
  const [securityCode, setSecurityCode] = useState('');

  const bind = (checked: Checked<Omit<SetPayInfoInput, 'type' | 'securityCode'>>) => {
    if (save.isPending) return;
    if (!checked.ok) return problem.report(checked.message, checked.field);
    if (needsCodeFirst) {
      showNotice(apiMessage('err.pay_change_code_not_set'));
      navigate('/setSecurityCode');
      return;
    }
    const code = securityCode.trim();
    if (replacing && code === '') return problem.report(apiMessage('err.pay_change_code_required'), 'securityCode');
    if (replacing && !SECURITY_CODE_RE.test(code)) return problem.report(apiMessage('err.security_code_invalid'), 'securityCode');
    problem.clear();
    save.mutate(
      { type, ...checked.value, ...(replacing ? { securityCode: code } : {}) },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg);
          goBack();
        },
        onError: problem.fail,
      },
    );
  };

  return {
    bind,
    pending: save.isPending,
    problem,
    replacing,
    needsCodeFirst,
    securityCode,
    setSecurityCode: problem.editing('securityCode', setSecurityCode),
  };
}
