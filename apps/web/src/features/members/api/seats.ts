import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeatInfo } from '@xr/contract/seats';
import { http } from '../../../lib/http';
import { membersKeys } from './keys';

const seatsKey = [...membersKeys.all, 'seats'] as const;

/** GET /user/seat_info: the organisation's seats (total, used, remaining, who holds them). */
export function useSeatInfo(enabled: boolean) {
  return useQuery({ queryKey: seatsKey, queryFn: () => http.get<SeatInfo>('/user/seat_info'), enabled });
}

/** POST /user/grant_seat or /user/release_seat: refreshes the seats and the member lists. */
function useSeatAction(path: '/user/grant_seat' | '/user/release_seat') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<SeatInfo>(path, { id }),
    onSuccess: (info) => {
      client.setQueryData(seatsKey, info);
      void client.invalidateQueries({ queryKey: membersKeys.all });
    },
  });
}

export const useGrantSeat = () => useSeatAction('/user/grant_seat');
export const useReleaseSeat = () => useSeatAction('/user/release_seat');
