//! The URL functions on a Ballista cluster.
//!
//! Ballista refers to a scalar function by name in the plans it sends, so
//! every process must know the functions:
//!
//! - the client plans the SQL: [`remote_context`];
//! - the scheduler decodes the client's logical plan and plans it: its
//!   session builder is [`session_state`] ([`serve_scheduler`]);
//! - each executor decodes the physical plans of its tasks: its function
//!   registry is [`function_registry`] ([`executor_config`],
//!   [`run_executor`]).
//!
//! The default logical and physical codecs are enough: the functions have no
//! state besides their name.

use std::sync::Arc;

use ballista::prelude::SessionContextExt;
use ballista_core::config::TaskSchedulingPolicy;
use ballista_core::registry::BallistaFunctionRegistry;
use ballista_core::utils::default_session_builder;
use ballista_executor::executor_process::{start_executor_process, ExecutorProcessConfig};
use ballista_scheduler::cluster::BallistaCluster;
use ballista_scheduler::config::SchedulerConfig;
use ballista_scheduler::scheduler_process::{create_scheduler, start_grpc_service_with_listener};
use datafusion::error::{DataFusionError, Result};
use datafusion::execution::SessionState;
use datafusion::prelude::{SessionConfig, SessionContext};
use datafusion_proto::protobuf::{LogicalPlanNode, PhysicalPlanNode};
use tokio::net::TcpListener;

use crate::{register_url_functions, register_url_functions_on, url_functions};

fn ballista_error(e: impl std::fmt::Display) -> DataFusionError {
    DataFusionError::External(e.to_string().into())
}

/// Ballista's default session for `config`, with the URL functions: the
/// scheduler's session builder.
pub fn session_state(config: SessionConfig) -> Result<SessionState> {
    let mut state = default_session_builder(config)?;
    register_url_functions_on(&mut state)?;
    Ok(state)
}

/// Ballista's default function registry with the URL functions: the
/// executors' registry.
pub fn function_registry() -> BallistaFunctionRegistry {
    let mut registry = BallistaFunctionRegistry::default();
    for udf in url_functions() {
        registry
            .scalar_functions
            .insert(udf.name().to_owned(), Arc::new(udf));
    }
    registry
}

/// A client context that runs its queries on the scheduler at
/// `scheduler_url` (`df://host:port`), with the URL functions.
pub async fn remote_context(scheduler_url: &str) -> Result<SessionContext> {
    // Registered after the upgrade for Ballista, which resets the state's
    // scalar functions to Ballista's list.
    let ctx = SessionContext::remote(scheduler_url).await?;
    register_url_functions(&ctx);
    Ok(ctx)
}

/// Runs a scheduler on `listener` until the returned future is dropped or
/// fails. It tells executors and clients it is at `advertised_host` (the
/// listener's IP address if `None`) and the listener's port.
pub async fn serve_scheduler(listener: TcpListener, advertised_host: Option<&str>) -> Result<()> {
    let address = listener.local_addr()?;
    let host = advertised_host.map_or_else(|| address.ip().to_string(), str::to_owned);
    let config = SchedulerConfig::default()
        .with_hostname(host)
        .with_port(address.port())
        .with_scheduler_policy(TaskSchedulingPolicy::PullStaged)
        .with_override_session_builder(Arc::new(session_state));
    let cluster = BallistaCluster::new_from_config(&config)
        .await
        .map_err(ballista_error)?;
    let scheduler =
        create_scheduler::<LogicalPlanNode, PhysicalPlanNode>(cluster, Arc::new(config))
            .await
            .map_err(ballista_error)?;
    start_grpc_service_with_listener(listener, scheduler)
        .await
        .map_err(ballista_error)
}

/// The configuration of an executor that takes its tasks from the
/// scheduler at `scheduler_host:scheduler_port`, serves its results on
/// `host:flight_port` and runs the URL functions. It binds to `host` too;
/// set `bind_host` on the result (to `0.0.0.0`, say) to bind elsewhere.
/// Other fields (work directory, cores, memory) keep Ballista's defaults.
pub fn executor_config(
    scheduler_host: &str,
    scheduler_port: u16,
    host: &str,
    flight_port: u16,
) -> ExecutorProcessConfig {
    ExecutorProcessConfig {
        bind_host: host.to_owned(),
        external_host: Some(host.to_owned()),
        port: flight_port,
        scheduler_host: scheduler_host.to_owned(),
        scheduler_port,
        task_scheduling_policy: TaskSchedulingPolicy::PullStaged,
        override_function_registry: Some(Arc::new(function_registry())),
        ..ExecutorProcessConfig::default()
    }
}

/// Runs an executor until the returned future is dropped, it is stopped by
/// a signal, or it fails.
pub async fn run_executor(config: ExecutorProcessConfig) -> Result<()> {
    start_executor_process(Arc::new(config))
        .await
        .map_err(ballista_error)
}
