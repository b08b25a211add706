"""The application: the command service, the Discord adapter, the console and CLI tools."""
