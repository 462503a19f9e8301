import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@xr/contract/common';
import type {
  AdminCashOutPage,
  AdminCashOutQuery,
  CashOutBody,
  CashOutDecideBody,
  CashOutDetails,
  CashOutRequest,
  EarningsMonthly,
  LedgerCsvQuery,
  LedgerEntry,
  LedgerQuery,
  MyCashOutQuery,
  PayoutMethod,
  PayoutMethodBody,
  WalletAdjustBody,
  WalletInfo,
} from '@xr/contract/wallet';
import { getToken } from '../../../lib/auth/session';
import { buildUrl, http } from '../../../lib/http';
import { currentLang } from '../../../lib/i18n';

const KEY = ['wallet'] as const;
const ADMIN_KEY = ['wallet-admin'] as const;

/** GET /wallet/wallet_info: available, pending (next release) and reserved. */
export function useWalletInfo() {
  return useQuery({
    queryKey: [...KEY, 'info'],
    queryFn: ({ signal }) => http.get<WalletInfo>('/wallet/wallet_info', undefined, { signal }),
  });
}

/** GET /wallet/earnings_monthly: the chart's 12 months. */
export function useEarningsMonthly() {
  return useQuery({
    queryKey: [...KEY, 'monthly'],
    queryFn: ({ signal }) => http.get<EarningsMonthly>('/wallet/earnings_monthly', undefined, { signal }),
  });
}

/** GET /wallet/ledger_page. */
export function useLedgerPage(params: LedgerQuery) {
  return useQuery({
    queryKey: [...KEY, 'ledger', params],
    queryFn: ({ signal }) => http.get<Page<LedgerEntry>>('/wallet/ledger_page', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /wallet/ledger_csv: downloads the filtered ledger as a file (the bearer token goes in the header). */
export async function downloadLedgerCsv(params: LedgerCsvQuery): Promise<void> {
  const token = getToken();
  const res = await fetch(buildUrl('/wallet/ledger_csv', { ...params }), {
    headers: { 'accept-language': currentLang(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'wallet-ledger.csv';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /wallet/payout_method_list. */
export function usePayoutMethods() {
  return useQuery({
    queryKey: [...KEY, 'methods'],
    queryFn: ({ signal }) => http.get<PayoutMethod[]>('/wallet/payout_method_list', undefined, { signal }),
  });
}

/** POST /wallet/add_payout_method (field errors stay on the form). */
export function useAddPayoutMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutMethodBody) => http.post<PayoutMethod>('/wallet/add_payout_method', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'methods'] }),
  });
}

/** POST /wallet/del_payout_method. */
export function useDeletePayoutMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<null>('/wallet/del_payout_method', { id }),
    onSettled: () => client.invalidateQueries({ queryKey: [...KEY, 'methods'] }),
  });
}

/** POST /wallet/cash_out: the amount is reserved at once; balances and requests reload. */
export function useCashOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CashOutBody) => http.post<CashOutRequest>('/wallet/cash_out', body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /wallet/cash_out_page: my requests. */
export function useMyCashOuts(params: MyCashOutQuery) {
  return useQuery({
    queryKey: [...KEY, 'requests', params],
    queryFn: ({ signal }) => http.get<Page<CashOutRequest>>('/wallet/cash_out_page', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /approval/cash_out_page: the queue with totals. */
export function useCashOutQueue(params: AdminCashOutQuery) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'page', params],
    queryFn: ({ signal }) => http.get<AdminCashOutPage>('/approval/cash_out_page', { ...params }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /approval/cash_out_details. */
export function useCashOutDetails(id: number | null) {
  return useQuery({
    queryKey: [...ADMIN_KEY, 'details', id],
    queryFn: ({ signal }) => http.get<CashOutDetails>('/approval/cash_out_details', { id }, { signal }),
    enabled: id !== null,
  });
}

/** POST /approval/cash_out_decide: once; a request decided meanwhile answers 40950 and the queue reloads. */
export function useDecideCashOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CashOutDecideBody) => http.post<CashOutRequest>('/approval/cash_out_decide', body),
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

/** POST /approval/wallet_adjust: an administrator's correction with a reason (audited). */
export function useAdjustWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WalletAdjustBody) => http.post<LedgerEntry>('/approval/wallet_adjust', body),
    onSettled: () => client.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
