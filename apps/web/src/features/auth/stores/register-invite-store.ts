// The shared register invite code (spec §3): a string, empty by default, settable and clearable.
// /register?c=CODE sets it; the SMS login sends it as `inviteCode`; a successful login clears it.
import { create } from 'zustand';

interface RegisterInviteState {
  inviteCode: string;
  setInviteCode: (code: string) => void;
  clearInviteCode: () => void;
}

export const useRegisterInviteStore = create<RegisterInviteState>((set) => ({
  inviteCode: '',
  setInviteCode: (code) => set({ inviteCode: code.trim() }),
  clearInviteCode: () => set({ inviteCode: '' }),
}));
