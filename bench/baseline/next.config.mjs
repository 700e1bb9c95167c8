/** Defaults only: the yardstick does nothing the shop could be blamed for skipping. */
export default { poweredByHeader: false };
