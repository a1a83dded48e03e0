import { useMutation } from '@tanstack/react-query';
import { requestHandoff } from './support';

/** The hand-off as a mutation; its own module so that only the lazily loaded bubble pulls in useMutation. */
export const useSupportHandoff = () => useMutation({ mutationFn: requestHandoff });
