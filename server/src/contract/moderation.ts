/* Placeholder created by the lead; the owner of this contract fills it. */
export {}
