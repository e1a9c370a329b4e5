/**
 * A positive number from the environment, or `fallback` when it is unset or not a positive number
 * (a dispatcher's poll interval, lease or retry delay: 0 or nonsense never means "at once").
 * Shared by the webhook and message dispatchers.
 */
export function positiveSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
