import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { supportApi } from '@shared/api/support';
import type { ContactRequest } from '@shared/support';

/** The contact, bug and feature forms (typed by src/shared/api/support.ts). */
export function useSendContact() {
  return useMutation({ mutationFn: (input: ContactRequest) => call(supportApi.contact, { body: input }) });
}
