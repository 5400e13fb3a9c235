//! The subcommands, each a leaf: its own arguments, its run and its exit
//! codes, using the shared modules (exit codes, standard input and output,
//! JSON) and nothing of the main mode's run.

pub mod data;
pub mod extract;
pub mod links;
pub mod lint;
pub mod matching;
