/** What GET /api/session answers: the signed-in user's own view, or user null. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
  createdAt: string;
  foundingNumber: number | null;
}

export interface AccessFlags {
  isPremium: boolean;
  isSubscribed: boolean;
  isFoundingMember: boolean;
  isOnTrial: boolean;
  trialDaysLeft: number;
  isAdmin: boolean;
  tier: 'free' | 'trial' | 'premium';
}

export interface SessionView {
  user: SessionUser | null;
  access: AccessFlags | null;
}
