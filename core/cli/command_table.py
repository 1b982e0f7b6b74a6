"""Every built-in ``canon`` command: its name, where it lives and its one-line summary.

The group imports a command's module only when that command runs or shows its own help,
so ``canon --help`` lists from here. A test checks this table against the commands
themselves (names, modules, and the summaries click would print).
"""

from __future__ import annotations

from core.cli.lazy import LazyCommand

COMMANDS: dict[str, LazyCommand] = {
    "answer": LazyCommand(
        "core.cli.question_cmds",
        "answer",
        "Answer a pending question: confirm, reject, or edit VALUE.",
    ),
    "bench": LazyCommand(
        "core.cli.bench_cmd",
        "bench",
        "Measure ingest and extraction speed beside raw SQLite and raw spaCy baselines.",
    ),
    "context": LazyCommand(
        "core.cli.context_cmds",
        "context",
        "Print the context block injected before every assistant reply.",
    ),
    "demo": LazyCommand(
        "core.cli.replay_cmds",
        "demo",
        "The Tahoe incident, replayed and explained: why Canon exists.",
    ),
    "dlq": LazyCommand(
        "core.cli.dlq_cmd",
        "dlq",
        "Payloads that failed validation, with their errors and retry schedule.",
    ),
    "e2e": LazyCommand(
        "core.cli.e2e_cmds",
        "e2e",
        "Check Canon end to end in your own Telegram chat (the Tahoe story).",
    ),
    "eval": LazyCommand(
        "core.cli.extraction_cmds",
        "eval_group",
        "Measure extractors against labelled messages.",
    ),
    "extract": LazyCommand(
        "core.cli.extraction_cmds",
        "extract_command",
        "Show the intent and observations the offline extractor (or --llm) finds in TEXT.",
    ),
    "history": LazyCommand(
        "core.cli.belief_cmds",
        "history",
        "Every committed change, oldest first (optionally for FIELD: a field, domain or name).",
    ),
    "ingest": LazyCommand(
        "core.cli.ingest_cmds",
        "ingest",
        "Feed StateObservations, one JSON object per line.",
    ),
    "init": LazyCommand(
        "core.cli.ingest_cmds",
        "init",
        "Create the store and apply migrations.",
    ),
    "install-poller": LazyCommand(
        "core.cli.sources_cmds",
        "install_poller",
        "Schedule `canon poll` with cron, systemd or launchd (CANON_* settings carried over).",
    ),
    "install-service": LazyCommand(
        "core.cli.service_cmd",
        "install_service",
        "Keep `canon bot` or `canon serve` running: restarted when it fails, started at login.",
    ),
    "loadtest": LazyCommand(
        "core.cli.loadtest_cmd",
        "loadtest",
        "Drive simulated users through the HTTP API; print turns/s and p50/p99 turn time.",
    ),
    "mcp": LazyCommand(
        "core.cli.mcp_cmd",
        "mcp",
        "Serve Canon to an MCP client: state, why-chains, questions and answers as tools, the context block as a resource. What an assistant proposes is asked, never committed.",
    ),
    "metrics": LazyCommand(
        "core.cli.metrics_cmd",
        "metrics",
        "Success metrics over a window, per entity and domain, from the event log.",
    ),
    "migrate": LazyCommand(
        "core.cli.workspace_cmds",
        "migrate",
        "Bootstrap state from an existing workspace and add Canon's zones to its files.",
    ),
    "migrate-store": LazyCommand(
        "core.cli.store_cmds",
        "migrate_store",
        "Copy a whole store (event log, history, questions, dead letters, conversation, sources, workspace) into a new, empty store on any backend, and verify the copy: the same row count per table and the same SHA-256 over every row.",
    ),
    "pending": LazyCommand(
        "core.cli.question_cmds",
        "pending",
        "Questions waiting for your answer (and those queued behind them).",
    ),
    "policy": LazyCommand(
        "core.cli.policy_cmds",
        "policy",
        "The policy in force (thresholds, stages, reliabilities) and how it changed.",
    ),
    "poll": LazyCommand(
        "core.cli.sources_cmds",
        "poll",
        "Run one pass of every configured source (or keep polling with --every).",
    ),
    "project": LazyCommand(
        "core.cli.workspace_cmds",
        "project",
        "Ingest STATE-INPUT edits, then regenerate the projections once.",
    ),
    "replay": LazyCommand(
        "core.cli.replay_cmds",
        "replay_command",
        "Replay a scenario (JSON or YAML) on a fresh temporary store.",
    ),
    "report": LazyCommand(
        "core.cli.report_cmd",
        "report",
        "Write an HTML report: each metric per day and over a rolling week, overall and per domain; the review burden; the thresholds over time; a summary table.",
    ),
    "rollout": LazyCommand(
        "core.cli.rollout_cmds",
        "rollout",
        "Autonomy earned per domain: stages M, 0 (shadow), 1 (assisted), 2 (calibrated), 3 (autonomous), promoted only when the design's gates pass.",
    ),
    "serve": LazyCommand(
        "core.cli.serve_cmd",
        "serve",
        "Serve the HTTP API (/v1; the OpenAPI document at /v1/openapi.json).",
    ),
    "sources": LazyCommand(
        "core.cli.sources_cmds",
        "sources",
        "List configured sources with their freshness and health.",
    ),
    "state": LazyCommand(
        "core.cli.belief_cmds",
        "state",
        "What Canon currently believes, per entity and field.",
    ),
    "status": LazyCommand(
        "core.cli.status_cmd",
        "status",
        'Canon at a glance: facts, questions, dead letters, sources and their health, and per domain its rollout (stage, thresholds in force, calibration_remaining, confirmations_remaining, learning; JSON key "rollout").',
    ),
    "token": LazyCommand(
        "core.cli.token_cmds",
        "token",
        "Bearer tokens of the HTTP API and of canon mcp over HTTP, each speaking for one entity in one role (user, delegate, agent, signals; see the README's Trust model).",
    ),
    "uninstall-poller": LazyCommand(
        "core.cli.sources_cmds",
        "uninstall_poller",
        "Remove the scheduled poller installed by install-poller.",
    ),
    "watch": LazyCommand(
        "core.cli.workspace_cmds",
        "watch",
        "Watch the workspace: ingest STATE-INPUT edits and re-project on every change.",
    ),
    "webhook": LazyCommand(
        "core.cli.sources_cmds",
        "webhook",
        "Serve POST /signals for pushed, HMAC-signed SignalEvents.",
    ),
    "why": LazyCommand(
        "core.cli.belief_cmds",
        "why",
        "Why Canon believes what it does about FIELD: evidence, sources, confidences.",
    ),
}
