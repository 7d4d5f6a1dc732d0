"""Operations: metrics, logs, graceful shutdown."""
