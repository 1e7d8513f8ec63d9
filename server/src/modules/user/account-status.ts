/** Values of the account_status dictionary the server acts on. */
export const AccountStatus = { disabled: 0, active: 1, pendingApproval: 3 } as const;
