"""The package's private modules: inputs and options into the core's words,
the result classes, merge and the training metrics' shared part. Nothing
here is public: import from ndcg_calc (and ndcg_calc.sklearn, .xgboost,
.lightgbm, .dask)."""
