/** The Orders section (issue 6). Placeholder until that screens land. */
export function OrderHistorySection() {
  return null;
}
