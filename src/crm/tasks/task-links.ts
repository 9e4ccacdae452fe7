/** Where a member finds their tasks in the workspace (SPEC §18: My tasks). */
export function tasksPageUrl(baseUrl: string, organizationId: string): string {
  return `${baseUrl}/orgs/${encodeURIComponent(organizationId)}/tasks`;
}
