namespace PoolDoctor.Model.CallGraphs;

/// <summary>The instruction that names a method: a call, or the making of a delegate.</summary>
public enum IlCallKind
{
    Call,
    CallVirt,
    NewObj,
    /// <summary><c>ldftn</c>: a delegate is made of the target (lambdas, Task.Run bodies, handlers).</summary>
    LoadFunction,
    /// <summary><c>ldvirtftn</c>: like <see cref="LoadFunction"/>, dispatched virtually.</summary>
    LoadVirtualFunction,
}
