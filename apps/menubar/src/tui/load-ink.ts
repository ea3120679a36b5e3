// Ink decides once, when it is first evaluated, whether it runs "in CI" (CI or CONTINUOUS_INTEGRATION set,
// via is-in-ci) and then paints nothing until exit: an interactive dashboard on a real TTY would stay blank
// for anyone whose shell exports CI=true. We only get here with a TTY on both ends, so evaluate the dashboard
// (and Ink with it) with those variables hidden, and put them back at once for the processes we start later.
const CI_VARIABLES = ["CI", "CONTINUOUS_INTEGRATION"] as const;

export async function withoutCiVariables<T>(env: NodeJS.ProcessEnv, load: () => Promise<T>): Promise<T> {
  const saved = CI_VARIABLES.filter((k) => k in env).map((k) => [k, env[k]] as const);
  for (const [k] of saved) delete env[k];
  try {
    return await load();
  } finally {
    for (const [k, v] of saved) env[k] = v;
  }
}
