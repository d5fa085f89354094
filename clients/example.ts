// The docs/api.md example, type-checked against the types generated from the schema (make test).
import type { components, paths } from "./api";

type BattleRequest = paths["/api/wotr/battle/"]["post"]["requestBody"]["content"]["application/json"];
type BattleAnswer = components["schemas"]["WotrBattleResponse"];
type ApiError = components["schemas"]["ErrorResponse"];

export async function defenderDestroyed(base: string): Promise<number> {
  const body: BattleRequest = { attacker: { regular: 5, leadership: 2 }, defender: { regular: 3 } };
  const response = await fetch(`${base}/api/v1/wotr/battle/`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(((await response.json()) as ApiError).detail);
  return ((await response.json()) as BattleAnswer).defender_destroyed.probability;
}
