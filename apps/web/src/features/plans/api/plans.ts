import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type { PlacedOrder } from '@xr/contract/orders';
import type { AddComboInput, ComboList, ComboRow, MyPlan, PlanLevel, PlanPeriod } from '@xr/contract/plans';
import { http } from '../../../lib/http';

const KEY = ['plans'] as const;

/** GET /combo/combo_list (public): the plans on offer, in their order. */
export function useComboList() {
  return useQuery({
    queryKey: [...KEY, 'list'],
    queryFn: ({ signal }) => http.get<ComboList>('/combo/combo_list', undefined, { signal }),
    select: (d) => d.list,
  });
}

/** GET /combo/my_plan: the caller's plan, membership end, reminder, quotas and usage. */
export function useMyPlan(enabled = true) {
  return useQuery({
    queryKey: [...KEY, 'mine'],
    queryFn: ({ signal }) => http.get<MyPlan>('/combo/my_plan', undefined, { signal }),
    enabled,
  });
}

/** POST /order/place_plan_order: the order (invoice) for one plan, priced by the server. */
export function placePlanOrder(comboId: number) {
  return http.post<PlacedOrder>('/order/place_plan_order', { combo_id: comboId });
}

export type ComboFilters = {
  level?: PlanLevel;
  period?: PlanPeriod;
  enabled?: 'true' | 'false';
};

/** GET /combo/combo_page (admin): every plan with its number of purchases. */
export function useComboPage(params: ComboFilters & { page: number; limit: number }) {
  return useQuery({
    queryKey: [...KEY, 'admin', params],
    queryFn: ({ signal }) => http.get<Page<ComboRow>>('/combo/combo_page', params, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every change reloads the admin list and the public list. */
function useComboMutation<B, R>(fn: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /combo/add_combo (silent: a field error shows under its field). */
export const useAddCombo = () =>
  useComboMutation((b: AddComboInput) => http.post<ComboRow>('/combo/add_combo', b, { silent: true }));
/** POST /combo/up_combo. */
export const useUpCombo = () =>
  useComboMutation((b: Partial<AddComboInput> & { id: number }) => http.post<ComboRow>('/combo/up_combo', b, { silent: true }));
/** POST /combo/set_combo: on / off. */
export const useSetCombo = () =>
  useComboMutation((b: { id: number; enabled: boolean }) => http.post<ComboRow>('/combo/set_combo', b));
/** POST /combo/del_combo: only a plan nobody bought. */
export const useDelCombo = () => useComboMutation((id: number) => http.post<null>('/combo/del_combo', { id }));
