import { inventoryLines, personalDataInventory } from '../modules/personal-data/inventory.ts';
import type { CliContext } from './cli-context.ts';

/** personal-data-inventory [--json]: each category, who holds it, where, who may reveal it, how long it is kept. */
export async function printPersonalDataInventory(ctx: CliContext, o: { json?: boolean }): Promise<void> {
  const inventory = await personalDataInventory(ctx.read().db);
  if (o.json) ctx.print(JSON.stringify(inventory, null, 2));
  else for (const line of inventoryLines(inventory)) ctx.print(line);
}
