namespace PoolDoctor.Runs.Stacks;

public enum StackFormat
{
    Text,
    Json,
    Speedscope,
    Html,
}
