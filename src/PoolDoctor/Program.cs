using PoolDoctor.Cli;

return await CliApp.RunAsync(args);
