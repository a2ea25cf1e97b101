import { API } from '@elts/contracts';
import { callOperation, readMemberSession } from '@elts/ui';
import { useQuery } from '@tanstack/react-query';
import type { OrderBody } from './orders.js';

export const MY_WAITLISTS_QUERY_KEY = ['my-waitlists'] as const;

/** The waitlists the member is on, by product id. Read with the board, and again after joining or leaving. */
export function useMyWaitlists(enabled: boolean) {
  return useQuery({
    queryKey: MY_WAITLISTS_QUERY_KEY,
    enabled,
    retry: false,
    queryFn: async ({ signal }): Promise<Map<string, number>> => {
      const envelope = await callOperation(API.myWaitlists, {}, { token: readMemberSession().token, signal });
      return new Map((envelope.data?.places ?? []).map((place) => [place.product_id, place.position]));
    },
  });
}

/** Joins the product's waitlist with the order's details; answers the server's sentence saying where the member stands. */
export async function joinWaitlist(body: OrderBody): Promise<string> {
  const envelope = await callOperation(API.joinWaitlist, { body }, { token: readMemberSession().token });
  return envelope.message ?? '';
}

export async function leaveWaitlist(productId: string): Promise<string> {
  const envelope = await callOperation(API.leaveWaitlist, { params: { productId } }, { token: readMemberSession().token });
  return envelope.message ?? '';
}
