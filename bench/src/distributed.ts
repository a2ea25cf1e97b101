import type { Plan, RouteCost } from './load.js';

export async function distributedAvailable(): Promise<boolean> {
  return false;
}

export async function measureDistributed(_plan: Plan): Promise<Record<string, RouteCost>> {
  return {};
}
